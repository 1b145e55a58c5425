// Core's texts (spec §8) and business constants (spec §9), read across the wasm boundary once:
// each call of `messages()` or `constants()` builds the whole object afresh.
import { constants, messages } from '@core/wasm';

export const TEXT = messages();
export const LIMITS = constants();
