/**
 * A language's whole catalogue from its two parts, the site's messages and the back office's
 * (decision 031). A group both parts hold (`backOffice`, `identityReview`: a few of their words show
 * outside the back office) is joined one level down. The server and the browser join them alike.
 */
export function joinParts<Site extends object, Office extends object>(
  site: Site,
  office: Office,
): Site & Office {
  const whole = { ...site } as Record<string, unknown>;
  for (const [group, messages] of Object.entries(office)) {
    const shared = whole[group];
    whole[group] = shared && typeof shared === "object" ? { ...shared, ...messages } : messages;
  }
  return whole as Site & Office;
}
