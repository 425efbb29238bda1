import type { ApiTokenRecord, ApiTokenRepository, Clock } from '@routeros-mcp/application-ports';
import { apiTokenNameTakenMessage } from '@routeros-mcp/application-ports';
import { Environment, ENVIRONMENTS, FieldErrors, isRole, PRINCIPAL_NAME, PRINCIPAL_NAME_RULE, ROLES } from '@routeros-mcp/domain-kernel';
import { hashApiTokenSecret, newApiToken } from './api-token.secret';

export interface NewApiToken {
  name: string;
  role: string;
  environments?: string[];
  deviceTags?: string[];
  expiresAt?: Date;
  /** Who made it (the admin CLI's user). */
  createdBy: string;
}

/** What may be shown about a token: everything but its hash. */
export type ApiTokenSummary = Omit<ApiTokenRecord, 'secretHash'>;

export interface CreatedApiToken {
  /** The only time the plaintext token exists outside the caller's hands. */
  token: string;
  summary: ApiTokenSummary;
}

const TAG = /^[A-Za-z0-9][A-Za-z0-9._:=/-]{0,63}$/;

export function summaryOf(record: ApiTokenRecord): ApiTokenSummary {
  const { secretHash: _hash, ...summary } = record;
  return summary;
}

/** Creates (shown once), lists and revokes static API tokens; used by `routeros-mcp-admin token`. */
export class ApiTokenService {
  constructor(
    private readonly tokens: ApiTokenRepository,
    private readonly clock: Clock,
  ) {}

  /**
   * The name becomes the principal `token:<name>`: it must follow PRINCIPAL_NAME (no `:`, so it can never read as
   * another namespace's id) and be unused, ignoring case, by every token ever made (revoked ones keep theirs).
   * @throws ValidationError naming every bad field; nothing is stored then.
   */
  async create(input: NewApiToken): Promise<CreatedApiToken> {
    const now = this.clock.now();
    const errors = new FieldErrors();
    if (!PRINCIPAL_NAME.test(input.name)) errors.add('name', `must be ${PRINCIPAL_NAME_RULE}; got '${JSON.stringify(input.name).slice(1, -1)}'`);
    else if (await this.tokens.findByName(input.name)) errors.add('name', apiTokenNameTakenMessage(input.name));
    if (!isRole(input.role)) errors.add('role', `unknown role '${input.role}'; expected one of ${ROLES.join(', ')}`);
    const badEnv = (input.environments ?? []).filter((e) => !(ENVIRONMENTS as readonly string[]).includes(e));
    if (badEnv.length > 0) errors.add('environments', `unknown environment '${badEnv[0]}'; expected some of ${ENVIRONMENTS.join(', ')}`);
    if (input.environments && input.environments.length === 0) errors.add('environments', 'must name at least one environment when given');
    const badTag = (input.deviceTags ?? []).find((t) => !TAG.test(t));
    if (badTag !== undefined) errors.add('tags', `'${badTag}' is not a tag (letters, digits and . _ : = / -, up to 64)`);
    if (input.deviceTags && input.deviceTags.length === 0) errors.add('tags', 'must name at least one tag when given');
    if (input.expiresAt && !(input.expiresAt.getTime() > now.getTime())) errors.add('expires', 'must be in the future');
    errors.throwIfAny();

    const { id, secret, token } = newApiToken();
    const record: ApiTokenRecord = {
      id,
      name: input.name,
      role: input.role as ApiTokenRecord['role'],
      ...(input.environments ? { environments: [...new Set(input.environments)] as Environment[] } : {}),
      ...(input.deviceTags ? { deviceTags: [...new Set(input.deviceTags)] } : {}),
      secretHash: await hashApiTokenSecret(secret),
      createdAt: now,
      createdBy: input.createdBy,
      ...(input.expiresAt ? { expiresAt: input.expiresAt } : {}),
    };
    await this.tokens.add(record);
    return { token, summary: summaryOf(record) };
  }

  /** Newest first, revoked and expired ones included. */
  async list(): Promise<ApiTokenSummary[]> {
    return (await this.tokens.list()).map(summaryOf);
  }

  /**
   * Revokes the token; one revoked before stays revoked since then, and says so (`already`).
   * @returns undefined when no token has this id.
   */
  async revoke(id: string): Promise<{ revokedAt: Date; already: boolean } | undefined> {
    const record = await this.tokens.findById(id);
    if (!record) return undefined;
    if (record.revokedAt) return { revokedAt: record.revokedAt, already: true };
    const now = this.clock.now();
    if (!(await this.tokens.revoke(id, now))) return undefined;
    return { revokedAt: now, already: false };
  }
}
