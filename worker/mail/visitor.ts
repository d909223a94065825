// Whether e-mail to visitors is configured (issue 15's contract, used by the
// booking mails of issue 17). Production needs Cloudflare Email Sending with an
// onboarded domain before VISITOR_MAIL = "on" (README, "Visitor e-mail"); the
// committed wrangler.toml says "off", `npm start` (.dev.vars) and the tests "on".
export function visitorMailEnabled(env: Env): boolean {
  return env.VISITOR_MAIL === 'on'
}
