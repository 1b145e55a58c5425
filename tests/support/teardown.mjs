// The run's database lives in a temporary folder made by playwright.config.mjs; it goes with the run.
import { rmSync } from 'node:fs';

export default function teardown() {
  if (process.env.BD_E2E_DATA) rmSync(process.env.BD_E2E_DATA, { recursive: true, force: true });
}
