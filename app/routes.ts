import { index, type RouteConfig, route } from "@react-router/dev/routes";

export default [
  route(":lang", "routes/lang-layout.tsx", [
    index("routes/home.tsx"),
    route("login", "routes/auth/login.tsx"),
    route("logout", "routes/auth/logout.tsx"),
    route("signup", "routes/auth/signup.tsx"),
    route("signup/email", "routes/auth/signup-email.tsx"),
    route("signup/user-info", "routes/auth/signup-user-info.tsx"),
    route("reset-password", "routes/auth/reset-password.tsx"),
    route("reset-password/sent", "routes/auth/reset-password-sent.tsx"),
    route("settings/reset-password", "routes/settings/reset-password.tsx"),
    route("settings/email", "routes/settings/email.tsx"),
    route("settings/change-password", "routes/settings/change-password.tsx"),
    route("mypage", "routes/mypage/index.tsx"),
    route("users", "routes/users-index.tsx"),
    route("dev/mailbox", "routes/dev/mailbox.tsx"),
    route("dev/mailbox/messages", "routes/dev/mailbox-messages.ts"),
    route("dev/mailbox/:id", "routes/dev/mailbox-message.tsx"),
    route("*", "routes/not-found.tsx", { id: "lang-not-found" }),
  ]),
  route("*", "routes/not-found.tsx"),
] satisfies RouteConfig;
