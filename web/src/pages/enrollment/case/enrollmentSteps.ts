// The onboarding step bar: titles, and where each status stands, are core's (`onboardingStep`).
import { onboardingStep, onboardingSteps } from '@core/wasm';

export const STEPS = onboardingSteps();

/** The step in progress (1-based) for an onboarding in `status`. */
export function stepOf(status: string): number {
  return onboardingStep(status).step;
}

/** The step page an onboarding opens on. */
export function pageOf(status: string): 'info' | 'review' {
  return onboardingStep(status).page;
}
