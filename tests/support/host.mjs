/** A public-looking name that Chromium resolves to the local server: spec §6 switches button permissions off on local hosts. */
export const PUBLIC_HOST = 'brokerdesk.example';
