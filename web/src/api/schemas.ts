// The server's request and response types, generated from `/api/openapi.json` into schema.d.ts
// by `bash scripts/api-types.sh` (never edited by hand; `make test` fails when it is stale).
import type { components } from './schema';

/** A schema of the server's OpenAPI document, by its name (`AuditEntry`, `UserInfo`, ...). */
export type Schema<Name extends keyof components['schemas']> = components['schemas'][Name];
