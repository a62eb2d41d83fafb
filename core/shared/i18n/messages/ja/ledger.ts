/** The ledger's words: why a journal entry was refused (decision 020). */
export const jaLedger = {
  ledger: {
    errors: {
      insufficient: "残高が足りません",
      keyReused: "この処理はすでに別の内容で受け付けています",
    },
  },
};
