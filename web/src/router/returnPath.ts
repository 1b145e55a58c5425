/**
 * Where the login page goes on success: the in-app page the guard turned away (`from` in the
 * history state), else the menu's home. Only a path of this app is followed.
 */
export function returnPath(state: unknown, home: string): string {
  const from = (state as { from?: unknown } | null)?.from;
  const inApp = typeof from === 'string' && from.startsWith('/') && !from.startsWith('//') && !from.startsWith('/login');
  return inApp ? from : home;
}
