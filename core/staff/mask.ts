/**
 * Personal data as an operator without `pii:read` sees it: enough to recognise and talk about a
 * record, not enough to reach the person. Operators holding `pii:read` see the full values.
 */

/** The mark shown in place of hidden characters. */
const HIDDEN = "•";

/** An address cut to its prefecture and city: name, street, building, postal code and phone go. */
export function maskAddress<A extends { prefectureCode: string; city: string }>(
  address: A,
): { prefectureCode: string; city: string } {
  return { prefectureCode: address.prefectureCode, city: address.city };
}

/** A phone number with only its last 4 digits: `•••••••5678`. */
export function maskPhone(phone: string | null | undefined): string | null {
  if (!phone) return phone ?? null;
  const digits = phone.replace(/\D/g, "");
  return HIDDEN.repeat(Math.max(0, digits.length - 4)) + digits.slice(-4);
}

/** An email address with the first character of its local part and the domain: `t•••@example.jp`. */
export function maskEmail(email: string | null | undefined): string | null {
  if (!email) return email ?? null;
  const at = email.lastIndexOf("@");
  if (at <= 0) return HIDDEN.repeat(3);
  return `${email[0]}${HIDDEN.repeat(3)}${email.slice(at)}`;
}

/** An IMEI with its TAC (first 8 digits, the model) and the last 2: `35290611••••••42`. */
export function maskImei(imei: string | null | undefined): string | null {
  if (!imei) return imei ?? null;
  if (imei.length <= 10) return HIDDEN.repeat(imei.length);
  return imei.slice(0, 8) + HIDDEN.repeat(imei.length - 10) + imei.slice(-2);
}

/** A bank account number with only its last 3 digits: `••••567`. */
export function maskBankAccount(accountNumber: string | null | undefined): string | null {
  if (!accountNumber) return accountNumber ?? null;
  return HIDDEN.repeat(Math.max(0, accountNumber.length - 3)) + accountNumber.slice(-3);
}
