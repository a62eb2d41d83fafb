/** The operating company's facts in words (core/shared/company.ts): name, people, address, licence. */
import type { Messages } from "../../messages.ts";

export const enCompanyFacts: Pick<Messages, "companyFacts"> = {
  companyFacts: {
    name: "Tsugu Inc.",
    serviceName: "Tsugu",
    representative: "Tsuguto Morikawa, Representative Director",
    responsiblePerson: "Tsuguto Morikawa",
    address: "4F Tsugu Kanda Bldg., 2-3-1 Kanda-Sudacho, Chiyoda-ku, Tokyo 101-0041, Japan",
    supportHours: "Weekdays 10:00–18:00 JST (closed on weekends, Japanese public holidays and over New Year)",
    business:
      "Operating the Tsugu marketplace for junk, used and repaired smartphones and other devices; buying, selling, repairing and refurbishing used devices",
    dealerLicence: "No. 303311805421, Tokyo Metropolitan Public Safety Commission",
    dealerLicenceLine:
      "Secondhand dealer licence No. 303311805421, Tokyo Metropolitan Public Safety Commission",
    legalAdviser: "Sakurazaka Law Office",
    privacyAuthority: "the Personal Information Protection Commission of Japan",
  },
};
