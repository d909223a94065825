// A stand-in for the external chatbot demo in the end-to-end tests: the e2e
// server is started with CHATBOT_DEMO_URL pointing here (scripts/serve-e2e.sh),
// so /it-support frames a real page from another origin, as in production.
import { createServer } from 'node:http'

const port = Number(process.env.DEMO_PORT ?? 8800)
const page = `<!doctype html>
<html lang="en">
<head><meta charset="utf-8"><title>Chatbot demo</title></head>
<body><h1>Demo assistant</h1><p id="origin"></p>
<script>document.getElementById('origin').textContent = 'Served from ' + location.origin</script>
</body>
</html>`

createServer((req, res) => {
  if (req.url === '/health') return res.writeHead(204).end()
  res.writeHead(200, { 'Content-Type': 'text/html; charset=utf-8', 'Cache-Control': 'no-store' }).end(page)
}).listen(port, 'localhost')
