import { PREFECTURES } from "#core/shared/codes.ts";
import type { Locale } from "#core/shared/locale.ts";
import { label } from "../../lib/labels.ts";

/** An address as a courier label reads it: name, postal code and place, phone. */
export function AddressBlock({
  address,
  lang,
  testId,
}: {
  address: {
    familyName: string;
    givenName: string;
    postalCode: string;
    prefectureCode: string;
    city: string;
    street: string;
    building: string;
    phone: string;
  };
  lang: Locale;
  testId?: string;
}) {
  return (
    <address className="mt-2 not-italic leading-relaxed" data-testid={testId}>
      {address.familyName} {address.givenName}
      <br />〒{address.postalCode.replace(/^(\d{3})(\d{4})$/, "$1-$2")}{" "}
      {label(PREFECTURES, address.prefectureCode, lang)} {address.city} {address.street} {address.building}
      <br />
      {address.phone}
    </address>
  );
}
