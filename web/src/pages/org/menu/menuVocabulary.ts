// The route config's own vocabulary (spec §2 "Default menu tree": type 1 directory, 2 page;
// status 1 directory, 2 visible page, 3 hidden detail page). Which combinations are valid is the
// server's rule; the form offers only the statuses of the chosen type so the common case passes.

export const MENU_TYPES = [
  { value: 1, label: '目录' },
  { value: 2, label: '页面' },
];

export const MENU_STATUSES = [
  { value: 1, label: '目录' },
  { value: 2, label: '显示页面' },
  { value: 3, label: '隐藏详情页' },
];

export function menuTypeText(type: number): string {
  return MENU_TYPES.find((option) => option.value === type)?.label ?? '—';
}

export function menuStatusText(status: number): string {
  return MENU_STATUSES.find((option) => option.value === status)?.label ?? '—';
}

/** The statuses a menu of `type` may have. */
export function statusesOf(type: number | undefined) {
  return MENU_STATUSES.filter((option) => (type === 1 ? option.value === 1 : option.value !== 1));
}
