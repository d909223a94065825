// The cron trigger: retries the mail outbox (built in the requests issue).
export async function runScheduled(_controller: ScheduledController, _env: Env): Promise<void> {}
