/** The operating company's facts in words (core/shared/company.ts): name, people, address, licence. */
export const jaCompanyFacts = {
  companyFacts: {
    name: "株式会社Tsugu",
    serviceName: "Tsugu（ツグ）",
    representative: "代表取締役 森川 継人",
    responsiblePerson: "森川 継人",
    address: "東京都千代田区神田須田町二丁目3番1号 ツグ神田ビル4階",
    supportHours: "平日 10:00〜18:00（土日祝日・年末年始を除く）",
    business:
      "ジャンク・中古・修理済みスマートフォン等のフリマサービス「Tsugu」の運営、中古端末の買取・販売・修理・再生",
    dealerLicence: "東京都公安委員会 第303311805421号",
    dealerLicenceLine: "古物商許可番号 東京都公安委員会 第303311805421号",
    legalAdviser: "桜坂総合法律事務所",
    privacyAuthority: "個人情報保護委員会",
  },
};
