"""A Python SMM-panel client as they are published: form-encoded POST, no Accept-Language, the
HTTP status checked first (urllib raises on a 4xx like requests' raise_for_status(); panels answer
errors as 200 with an `error` field), then the body read for `error`.

Driver for the test: `python3 smm_client.py URL KEY ACTION [JSON FIELDS]` prints
{"result": ...}, {"api_error": "...", "code": "..."} or {"http_error": "400 Client Error ..."}.
"""
import json
import sys
import urllib.error
import urllib.parse
import urllib.request


class ApiError(Exception):
    def __init__(self, message, code=None):
        super().__init__(message)
        self.code = code


class Api:
    def __init__(self, api_url, api_key):
        self.api_url = api_url
        self.api_key = api_key

    def _call(self, action, **fields):
        data = urllib.parse.urlencode({'key': self.api_key, 'action': action, **fields}).encode()
        req = urllib.request.Request(self.api_url, data=data, method='POST')
        with urllib.request.urlopen(req, timeout=30) as res:  # raises HTTPError on 4xx/5xx
            body = json.loads(res.read().decode())
        if isinstance(body, dict) and 'error' in body:
            raise ApiError(body['error'], body.get('code'))
        return body

    def services(self):
        return self._call('services')

    def add(self, **order):
        return self._call('add', **order)

    def status(self, order_id):
        return self._call('status', order=order_id)

    def multi_status(self, order_ids):
        return self._call('status', orders=','.join(str(i) for i in order_ids))

    def refill(self, order_id):
        return self._call('refill', order=order_id)

    def refill_status(self, refill_id):
        return self._call('refill_status', refill=refill_id)

    def cancel(self, order_ids):
        return self._call('cancel', orders=','.join(str(i) for i in order_ids))

    def balance(self):
        return self._call('balance')


if __name__ == '__main__':
    url, key, method = sys.argv[1], sys.argv[2], sys.argv[3]
    args = json.loads(sys.argv[4]) if len(sys.argv) > 4 else {}
    api = Api(url, key)
    try:
        result = getattr(api, method)(**args) if isinstance(args, dict) else getattr(api, method)(*args)
        print(json.dumps({'result': result}))
    except ApiError as e:
        print(json.dumps({'api_error': str(e), 'code': e.code}))
    except urllib.error.HTTPError as e:
        print(json.dumps({'http_error': f'{e.code} Client Error: {e.reason}'}))
