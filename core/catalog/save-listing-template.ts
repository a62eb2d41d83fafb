import { and, count, eq } from "drizzle-orm";
import type { z } from "zod";
import { listingTemplates, users } from "#db/schema/index.ts";
import type { SessionUser } from "../identity/sessions.ts";
import type { CoreContext } from "../shared/context.ts";
import { AppError } from "../shared/errors.ts";
import { type Message, msg } from "../shared/i18n/translate.ts";
import { parseInput } from "../shared/parse-input.ts";
import { maxLength, printSafeText, required, text } from "../shared/validation/index.ts";
import { ITEM_LABELS, type TItemInput, ZItemDraft } from "./item-fields.ts";
import { TEMPLATE_NAME_MAX, TEMPLATES_MAX, TITLE_MAX } from "./limits.ts";
import type { TemplateFields } from "./listing-templates.ts";
import { assertMaySell } from "./may-sell.ts";

const LIMIT_REACHED = msg("listing.templates.limitReached", { max: TEMPLATES_MAX });

const TEMPLATE_LABELS: Record<string, Message> = {
  ...ITEM_LABELS,
  templateName: msg("listing.templates.name"),
};

/**
 * What a template keeps: the sell form's fields, each checked as on a draft, none required (a
 * template may leave the title for each listing), and never an IMEI (it names one device).
 */
const ZTemplate = ZItemDraft.omit({ imei: true }).extend({
  templateName: text(required(), maxLength(TEMPLATE_NAME_MAX), printSafeText()),
  title: text(maxLength(TITLE_MAX), printSafeText()),
});

/** The checked fields as the form's values: strings, the defects a list; empty ones left out. */
function asFormFields(fields: Omit<z.output<typeof ZTemplate>, "templateName">): TemplateFields {
  const out: TemplateFields = {};
  for (const [name, value] of Object.entries(fields)) {
    if (Array.isArray(value)) out[name] = value.map(String);
    else if (value !== undefined && value !== "") out[name] = String(value);
  }
  return out;
}

/**
 * Saves the sell form's fields as a template under a name. A name the seller already uses is
 * replaced; a new one is refused beyond `TEMPLATES_MAX` (the seller's row lock makes two saves take turns).
 */
export async function saveListingTemplate(
  ctx: CoreContext,
  o: { actor: SessionUser; name: string; input: TItemInput },
): Promise<{ id: number; replaced: boolean }> {
  await assertMaySell(ctx, o.actor, { publishing: false });
  const { templateName, ...fields } = parseInput(
    ZTemplate,
    { ...o.input, templateName: o.name },
    TEMPLATE_LABELS,
  );
  const values = asFormFields(fields);
  const now = ctx.clock.now();
  return ctx.db.transaction(async (tx) => {
    await tx.select({ id: users.id }).from(users).where(eq(users.id, o.actor.id)).for("update");
    const [same] = await tx
      .select({ id: listingTemplates.id })
      .from(listingTemplates)
      .where(and(eq(listingTemplates.sellerId, o.actor.id), eq(listingTemplates.name, templateName)))
      .limit(1);
    if (same) {
      await tx
        .update(listingTemplates)
        .set({ fields: values, updatedAt: now })
        .where(eq(listingTemplates.id, same.id));
      return { id: same.id, replaced: true };
    }
    const [n] = await tx
      .select({ n: count() })
      .from(listingTemplates)
      .where(eq(listingTemplates.sellerId, o.actor.id));
    if ((n?.n ?? 0) >= TEMPLATES_MAX) {
      throw new AppError("VALIDATION", { fields: { templateName: LIMIT_REACHED } });
    }
    const [row] = await tx
      .insert(listingTemplates)
      .values({ sellerId: o.actor.id, name: templateName, fields: values, createdAt: now, updatedAt: now })
      .returning({ id: listingTemplates.id });
    return { id: row!.id, replaced: false };
  });
}
