/**
 * The back office's words that pages outside it show too: the banner of an operator viewing the site as
 * a member, and the pager of the lists that buyer companies share with the back office. Namespaces of
 * their own, so that a page shows them without the back office's words (decision 052).
 */
export const jaStaffShared = {
  viewAs: {
    title: "会員の画面を閲覧",
    lead: "{name}さんに見えているとおりにページを表示します。閲覧専用で、操作はできません。開始と終了は操作履歴に残ります（30分で自動的に終わります）。",
    start: "閲覧を開始する",
    banner: "{name}さんの画面を閲覧中（閲覧専用）— {operator}",
    end: "閲覧を終了",
    readOnly: "会員の画面を閲覧中は、変更や送信はできません。",
  },
  deskPager: {
    previous: "前のページ",
    next: "次のページ",
    pageOf: "{page, number} / {pages, number}ページ",
  },
} as const;
