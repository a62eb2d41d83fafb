import type { CoreContext } from "#core/shared/context.ts";
import type { AppServices } from "./router-context.ts";

export function coreContext(s: AppServices): CoreContext {
  return {
    db: s.db,
    clock: s.clock,
    mailer: s.mailer,
    sms: s.sms,
    blobs: s.blobs,
    identity: s.identity,
    payments: s.payments,
    courier: s.courier,
    secret: s.config.sessionSecret,
    publicUrl: s.config.publicUrl,
  };
}
