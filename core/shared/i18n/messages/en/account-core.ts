/** The account context's words: settings field labels, the eKYC sandbox's labels, errors and the SMS code text. */
import type { Messages } from "../../messages.ts";

export const enAccountCore: Pick<Messages, "account"> = {
  account: {
    fields: {
      familyName: "Family name",
      givenName: "Given name",
      familyNameKana: "Family name (katakana)",
      givenNameKana: "Given name (katakana)",
      postalCode: "Postal code",
      prefectureCode: "Prefecture",
      city: "City",
      street: "Town and block number",
      building: "Building and room",
      phone: "Phone number",
      bankCode: "Bank code",
      bankName: "Bank name",
      branchCode: "Branch code",
      branchName: "Branch name",
      accountType: "Account type",
      accountNumber: "Account number",
      holderName: "Account holder (katakana)",
      phoneNumber: "Mobile phone number",
      code: "Code",
      idFront: "ID document (front)",
      selfie: "Selfie",
      introduction: "Introduction",
      avatar: "Profile picture",
    },
    polarifyFields: {
      name: "Name",
      address: "Address",
      birthDate: "Date of birth",
      occupation: "Occupation",
      reason: "Reason for rejection",
    },
    errors: {
      notABirthDate: "Enter a valid date of birth",
      postalCodeUnknown: "No address was found for this postal code",
      alreadyVerified: "Your identity has already been verified",
      identityInReview: "Tsugu is reviewing your identity check. Please wait for the result",
      phoneTaken: "This phone number has already been verified by another account",
      phoneAlreadyYours: "This phone number is already verified",
      nothingToChange: "Send at least one field to change",
      noAddress: "No address has been saved",
      noBankAccount: "No payout bank account has been saved",
    },
    sms: {
      code: "[Tsugu] Your code: {code}\nIt is valid for 10 minutes. Never share it with anyone.",
    },
  },
};
