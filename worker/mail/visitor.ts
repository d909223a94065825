// Whether the Worker may write to visitors (replies from the admin, and the
// booking confirmations of issue 17). Cloudflare's send_email binding only
// reaches verified addresses unless Email Sending is set up with an onboarded
// domain, so the committed wrangler.toml says "off" and production turns it on
// once that is done (docs/operations.md, "Visitor e-mail in production"). `npm start` writes VISITOR_MAIL=on to
// .dev.vars (the local binding writes mails to files), and the tests set "on".
export function visitorMailEnabled(env: Env): boolean {
  return env.VISITOR_MAIL === 'on'
}
