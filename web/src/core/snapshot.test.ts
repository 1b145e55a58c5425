import { buildRouteTable, constants, formFields, messages, storageKeys } from '@core/wasm';
import {
  constants as builtConstants,
  emptyRouteTable,
  firstScreenForms,
  messages as builtMessages,
  sharedStorageKeys,
} from 'virtual:core-snapshot';
import { expect, test } from 'vitest';

// The login page reads these before the wasm module arrives; they must be core's own answers.
test('the texts, constants, storage keys, empty route table and login forms built into the page are what core answers', () => {
  expect(builtMessages).toEqual(messages());
  expect(builtConstants).toEqual(constants());
  expect(sharedStorageKeys).toEqual(storageKeys(''));
  expect(emptyRouteTable).toEqual(buildRouteTable([]));
  expect(firstScreenForms.login).toEqual(formFields('login'));
  expect(firstScreenForms.loginCode).toEqual(formFields('loginCode'));
});
