import { Authenticated, Authenticator } from '@routeros-mcp/application-ports';

/**
 * `ROUTEROS_MCP_AUTH=none`: every caller is one local, fully privileged principal. The HTTP app allows this mode
 * on a loopback address only.
 */
export class NoAuthAuthenticator implements Authenticator {
  async authenticate(_bearer?: string): Promise<Authenticated> {
    return { principal: { id: 'anonymous', via: 'http', authMethod: 'none', roles: ['admin', 'approver'] }, scopes: [] };
  }
}
