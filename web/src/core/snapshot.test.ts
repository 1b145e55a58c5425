import { buildRouteTable, constants, messages, storageKeys } from '@core/wasm';
import { emptyRouteTable, messages as builtMessages, constants as builtConstants, sharedStorageKeys } from 'virtual:core-snapshot';
import { expect, test } from 'vitest';

// The login page reads these before the wasm module arrives; they must be core's own answers.
test('the texts, constants, storage keys and empty route table built into the page are what core answers', () => {
  expect(builtMessages).toEqual(messages());
  expect(builtConstants).toEqual(constants());
  expect(sharedStorageKeys).toEqual(storageKeys(''));
  expect(emptyRouteTable).toEqual(buildRouteTable([]));
});
