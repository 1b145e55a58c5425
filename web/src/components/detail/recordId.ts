/**
 * Whether a detail address's `:id` can name a record: a positive whole number the server's ids
 * can hold. Anything else (`/userInfo/abc`) names no record, so the page says 数据不存在或已被删除
 * itself instead of asking the server, whose answer would be a type error about a field the user
 * never typed.
 */
export function isRecordId(value: string | undefined): boolean {
  return value !== undefined && /^[1-9]\d*$/.test(value) && Number.isSafeInteger(Number(value));
}
