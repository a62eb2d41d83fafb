import { formatPlace, formatPostalCode } from "#core/account/address-format.ts";

/** An address as a courier label reads it: name, then 〒 and the place as Japanese addresses are written, phone. */
export function AddressBlock({
  address,
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
  testId?: string;
}) {
  return (
    <address className="mt-2 not-italic leading-relaxed" data-testid={testId}>
      {address.familyName} {address.givenName}
      <br />
      {formatPostalCode(address.postalCode)} {formatPlace(address)}
      <br />
      {address.phone}
    </address>
  );
}
