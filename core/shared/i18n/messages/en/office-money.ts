/** The words of the back office's payouts, bank runs, money alerts and free points. */
export const enOfficeMoney = {
  officeMoney: {},
};
