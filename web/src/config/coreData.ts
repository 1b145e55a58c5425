// Core's texts (spec §8) and business constants (spec §9). Asked of core at build time
// (`virtual:core-snapshot`): the login page shows and uses them before the wasm module has
// arrived, and each call of `messages()` or `constants()` would build the whole object afresh.
import { constants, messages } from 'virtual:core-snapshot';

export const TEXT = messages;
export const LIMITS = constants;
