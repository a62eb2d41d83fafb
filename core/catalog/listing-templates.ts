import { listingTemplates } from "#db/schema/index.ts";

/** The form's fields a template fills in, as the form sends them. */
export type TemplateFields = Record<string, string | string[]>;

export type ListingTemplate = { id: number; name: string; fields: TemplateFields; updatedAt: Date };

export const columns = {
  id: listingTemplates.id,
  name: listingTemplates.name,
  fields: listingTemplates.fields,
  updatedAt: listingTemplates.updatedAt,
};
