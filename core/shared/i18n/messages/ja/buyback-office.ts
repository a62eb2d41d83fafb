/** Filled in by the buyback pages. */
export const jaBuybackOffice = {
  buybackOffice: {
    nav: {
      buybackGrading: "買取査定",
      buybackDeliveries: "買取の納品",
      buybackCompanies: "法人バイヤー",
      buybackSpots: "持ち込み拠点",
      dealerLedger: "古物台帳",
    },
  },
};
