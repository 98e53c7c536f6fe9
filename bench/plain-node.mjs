// The floor of the comparison: plain Node http answering the same JSON as GET /api/platformlar.
import http from 'node:http';

const body = JSON.stringify({
  success: true,
  platformlar: [
    { id: 1, ad: 'twitter', aktif: true },
    { id: 2, ad: 'instagram', aktif: true },
    { id: 3, ad: 'youtube', aktif: true },
  ],
});
const port = Number(process.argv[2]);
http
  .createServer((req, res) => {
    res.writeHead(200, { 'content-type': 'application/json', 'cache-control': 'no-store' });
    res.end(body);
  })
  .listen(port, '127.0.0.1', () => process.send?.('ready'));
