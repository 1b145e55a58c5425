// The session cookies of spec §3: token, userId and siteId.

export type SessionCookie = 'token' | 'userId' | 'siteId';

export function readCookie(name: SessionCookie): string | undefined {
  const prefix = `${name}=`;
  const found = document.cookie.split('; ').find((part) => part.startsWith(prefix));
  return found === undefined ? undefined : decodeURIComponent(found.slice(prefix.length));
}

export function writeCookie(name: SessionCookie, value: string): void {
  document.cookie = `${name}=${encodeURIComponent(value)}; path=/; SameSite=Lax`;
}

export function removeCookie(name: SessionCookie): void {
  document.cookie = `${name}=; path=/; max-age=0; SameSite=Lax`;
}
