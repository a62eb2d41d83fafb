/** The little of oidc-provider's API the tests use (the package ships no types of its own). */
declare module "oidc-provider" {
  import type { IncomingMessage, ServerResponse } from "node:http";

  type Grant = {
    addOIDCScope(scope: string): void;
    save(): Promise<string>;
  };
  type Context = {
    oidc: {
      provider: Provider;
      client?: { clientId: string };
      session?: { accountId?: string };
    };
  };
  type Account = { accountId: string; claims(): Record<string, unknown> };

  export default class Provider {
    constructor(
      issuer: string,
      configuration: Record<string, unknown> & {
        findAccount?: (ctx: Context, sub: string) => Account | undefined | Promise<Account | undefined>;
        loadExistingGrant?: (ctx: Context) => Promise<Grant | undefined>;
      },
    );
    Grant: new (o: {
      clientId: string;
      accountId: string;
    }) => Grant;
    callback(): (req: IncomingMessage, res: ServerResponse) => void;
  }
}
