//! A small driver of headless Chromium over the DevTools protocol, for the tests of `felt
//! serve`'s page: it starts the browser on a free port, speaks JSON to its page over a
//! websocket, sends real mouse and keyboard input, and collects what the page logs and loads.

use std::net::TcpStream;
use std::path::Path;
use std::process::{Child, Command, Stdio};
use std::time::{Duration, Instant};

use serde_json::{json, Value};
use tungstenite::stream::MaybeTlsStream;
use tungstenite::{Message, WebSocket};

/// A headless Chromium with one page, killed when dropped.
pub struct Browser {
    child: Child,
    ws: WebSocket<MaybeTlsStream<TcpStream>>,
    next: u64,
    /// The console errors, exceptions and log errors seen so far.
    pub errors: Vec<String>,
    /// Every URL the page requested.
    pub requests: Vec<String>,
    _profile: tempfile::TempDir,
}

impl Drop for Browser {
    fn drop(&mut self) {
        let _ = self.child.kill();
        let _ = self.child.wait();
    }
}

impl Browser {
    /// Starts `program` headless with a page of `width` × `height` CSS pixels.
    pub fn start(program: &str, width: u32, height: u32) -> Browser {
        let profile = tempfile::tempdir().unwrap();
        let child = Command::new(program)
            .args([
                "--headless",
                "--no-sandbox",
                "--disable-gpu",
                "--disable-extensions",
                "--no-first-run",
                "--no-default-browser-check",
                "--disable-background-networking",
                "--disable-component-update",
                "--disable-sync",
                "--hide-scrollbars",
                "--remote-debugging-port=0",
            ])
            .arg(format!("--user-data-dir={}", profile.path().display()))
            .arg(format!("--window-size={width},{height}"))
            .arg("about:blank")
            .stdout(Stdio::null())
            .stderr(Stdio::null())
            .spawn()
            .unwrap();
        let port = wait_port(&profile.path().join("DevToolsActivePort"));
        // The page's own websocket, from the list of targets.
        let list: Value = {
            let started = Instant::now();
            loop {
                let got = ureq::get(format!("http://127.0.0.1:{port}/json/list"))
                    .call()
                    .ok()
                    .and_then(|mut r| r.body_mut().read_to_string().ok())
                    .and_then(|t| serde_json::from_str::<Value>(&t).ok());
                match got {
                    Some(v)
                        if v.as_array().is_some_and(|a| a.iter().any(|t| t["type"] == "page")) =>
                    {
                        break v
                    }
                    _ if started.elapsed() > Duration::from_secs(20) => panic!("no page target"),
                    _ => std::thread::sleep(Duration::from_millis(50)),
                }
            }
        };
        let url = list
            .as_array()
            .unwrap()
            .iter()
            .find(|t| t["type"] == "page")
            .and_then(|t| t["webSocketDebuggerUrl"].as_str())
            .unwrap()
            .to_string();
        let stream = TcpStream::connect(("127.0.0.1", port)).unwrap();
        stream.set_read_timeout(Some(Duration::from_secs(30))).unwrap();
        let (ws, _) = tungstenite::client(url.as_str(), MaybeTlsStream::Plain(stream)).unwrap();
        let mut b = Browser {
            child,
            ws,
            next: 0,
            errors: Vec::new(),
            requests: Vec::new(),
            _profile: profile,
        };
        for method in ["Runtime.enable", "Log.enable", "Network.enable", "Page.enable"] {
            b.call(method, json!({}));
        }
        b.resize(width, height);
        b
    }

    /// Sends a command and waits for its result, noting the events that arrive meanwhile.
    pub fn call(&mut self, method: &str, params: Value) -> Value {
        self.next += 1;
        let id = self.next;
        let text = json!({"id": id, "method": method, "params": params}).to_string();
        self.ws.send(Message::text(text)).unwrap();
        loop {
            let msg = self.ws.read().unwrap_or_else(|e| panic!("{method}: {e}"));
            let Message::Text(text) = msg else { continue };
            let v: Value = serde_json::from_str(text.as_str()).unwrap();
            if v["id"] == id {
                if let Some(e) = v.get("error") {
                    panic!("{method}: {e}");
                }
                return v["result"].clone();
            }
            self.note(&v);
        }
    }

    fn note(&mut self, v: &Value) {
        let p = &v["params"];
        match v["method"].as_str() {
            Some("Runtime.consoleAPICalled") if p["type"] == "error" || p["type"] == "assert" => {
                self.errors.push(format!("console: {}", p["args"]));
            }
            Some("Runtime.exceptionThrown") => {
                self.errors.push(format!("exception: {}", p["exceptionDetails"]));
            }
            Some("Log.entryAdded") if p["entry"]["level"] == "error" => {
                self.errors.push(format!("log: {}", p["entry"]["text"]));
            }
            Some("Network.requestWillBeSent") => {
                if let Some(url) = p["request"]["url"].as_str() {
                    self.requests.push(url.to_string());
                }
            }
            _ => {}
        }
    }

    /// Opens `url` and waits for its load event (so that nothing is asked of the page that
    /// is going away).
    pub fn open(&mut self, url: &str) {
        self.call("Page.navigate", json!({ "url": url }));
        loop {
            let msg = self.ws.read().unwrap_or_else(|e| panic!("loading {url}: {e}"));
            let Message::Text(text) = msg else { continue };
            let v: Value = serde_json::from_str(text.as_str()).unwrap();
            if v["method"] == "Page.loadEventFired" {
                return;
            }
            self.note(&v);
        }
    }

    /// The value of a JavaScript expression (a promise is awaited).
    pub fn eval(&mut self, expression: &str) -> Value {
        let r = self.call(
            "Runtime.evaluate",
            json!({"expression": expression, "returnByValue": true, "awaitPromise": true}),
        );
        if let Some(e) = r.get("exceptionDetails") {
            panic!("{expression}: {e}");
        }
        r["result"]["value"].clone()
    }

    /// Waits until `expression` is true (at most 20 s).
    pub fn wait_for(&mut self, expression: &str) {
        let started = Instant::now();
        while self.eval(&format!("!!({expression})")) != json!(true) {
            assert!(
                started.elapsed() < Duration::from_secs(20),
                "timed out waiting for {expression}"
            );
            std::thread::sleep(Duration::from_millis(20));
        }
    }

    /// The centre of the element `selector`, scrolled into view, in CSS pixels of the viewport.
    pub fn centre(&mut self, selector: &str) -> (f64, f64) {
        let v = self.eval(&format!(
            "(() => {{ const e = document.querySelector({s}); if (!e) return null; \
             e.scrollIntoView({{block: 'center', inline: 'center'}}); \
             const r = e.getBoundingClientRect(); return [r.x + r.width / 2, r.y + r.height / 2]; }})()",
            s = json!(selector)
        ));
        let xy = v.as_array().unwrap_or_else(|| panic!("no element {selector}"));
        (xy[0].as_f64().unwrap(), xy[1].as_f64().unwrap())
    }

    fn mouse(&mut self, kind: &str, (x, y): (f64, f64), button: &str, buttons: u8) {
        self.call(
            "Input.dispatchMouseEvent",
            json!({"type": kind, "x": x, "y": y, "button": button, "buttons": buttons,
                   "clickCount": if kind == "mouseMoved" { 0 } else { 1 }}),
        );
    }

    /// A left click at the centre of `selector`, as a mouse gives it.
    pub fn click(&mut self, selector: &str) {
        self.click_with(selector, "left");
    }

    /// Waits until the page has no request under way (its body's `data-busy`), so that what
    /// is clicked next is where it was measured.
    pub fn settle(&mut self) {
        self.wait_for("(document.body.dataset.busy || '0') === '0'");
    }

    /// A click of `button` (`left`, `right`) at the centre of `selector`.
    pub fn click_with(&mut self, selector: &str, button: &str) {
        self.settle();
        let at = self.centre(selector);
        let held = if button == "right" { 2 } else { 1 };
        self.mouse("mouseMoved", at, "none", 0);
        self.mouse("mousePressed", at, button, held);
        self.mouse("mouseReleased", at, button, 0);
    }

    /// A drag with the left button held from the centre of `from` to the centre of `to`, in
    /// small moves (the elements must be on the screen together).
    pub fn drag(&mut self, from: &str, to: &str) {
        self.settle();
        let a = self.centre(from);
        let b = self.centre(to);
        self.mouse("mouseMoved", a, "none", 0);
        self.mouse("mousePressed", a, "left", 1);
        for k in 1..=12 {
            let f = f64::from(k) / 12.0;
            self.mouse("mouseMoved", (a.0 + (b.0 - a.0) * f, a.1 + (b.1 - a.1) * f), "left", 1);
        }
        self.mouse("mouseReleased", b, "left", 0);
    }

    /// Presses and releases a key (`ArrowDown`, `Enter`) on the element focused.
    pub fn key(&mut self, key: &str, code: u32) {
        let text = if key == "Enter" { "\r" } else { "" };
        self.call(
            "Input.dispatchKeyEvent",
            json!({"type": "keyDown", "key": key, "code": key, "windowsVirtualKeyCode": code, "text": text}),
        );
        self.call(
            "Input.dispatchKeyEvent",
            json!({"type": "keyUp", "key": key, "code": key, "windowsVirtualKeyCode": code}),
        );
    }

    /// Gives the page a viewport `width` × `height` CSS pixels wide.
    pub fn resize(&mut self, width: u32, height: u32) {
        self.call(
            "Emulation.setDeviceMetricsOverride",
            json!({"width": width, "height": height, "deviceScaleFactor": 1, "mobile": false}),
        );
    }

    /// Types `text` into the element focused, as a keyboard does.
    pub fn type_text(&mut self, text: &str) {
        self.call("Input.insertText", json!({ "text": text }));
    }

    /// A PNG of the part of the page `selector` covers (the viewport for `None`).
    pub fn screenshot(&mut self, selector: Option<&str>) -> Vec<u8> {
        let mut params = json!({"format": "png"});
        if let Some(s) = selector {
            params["captureBeyondViewport"] = json!(true);
            let r = self.eval(&format!(
                "(() => {{ const e = document.querySelector({s}); e.scrollIntoView(); \
                 const r = e.getBoundingClientRect(); \
                 return [r.x + window.scrollX, r.y + window.scrollY, r.width, r.height]; }})()",
                s = json!(s)
            ));
            let n = |i: usize| r[i].as_f64().unwrap();
            params["clip"] = json!({"x": n(0), "y": n(1), "width": n(2).ceil(), "height": n(3).ceil(), "scale": 1});
        }
        let v = self.call("Page.captureScreenshot", params);
        base64(v["data"].as_str().unwrap())
    }
}

/// Waits for Chromium to write the port it listens on.
fn wait_port(path: &Path) -> u16 {
    let started = Instant::now();
    loop {
        if let Ok(text) = std::fs::read_to_string(path)
            && let Some(port) = text.lines().next().and_then(|l| l.trim().parse().ok())
        {
            return port;
        }
        assert!(
            started.elapsed() < Duration::from_secs(20),
            "Chromium wrote no DevToolsActivePort"
        );
        std::thread::sleep(Duration::from_millis(20));
    }
}

/// Decodes standard base64 (what the protocol sends screenshots in).
fn base64(text: &str) -> Vec<u8> {
    let value = |c: u8| match c {
        b'A'..=b'Z' => c - b'A',
        b'a'..=b'z' => c - b'a' + 26,
        b'0'..=b'9' => c - b'0' + 52,
        b'+' => 62,
        b'/' => 63,
        _ => panic!("not base64: {c}"),
    };
    let digits: Vec<u8> = text.bytes().filter(|&c| c != b'=').map(value).collect();
    let mut out = Vec::with_capacity(digits.len() * 3 / 4);
    for chunk in digits.chunks(4) {
        let mut n = 0u32;
        for (i, &d) in chunk.iter().enumerate() {
            n |= u32::from(d) << (18 - 6 * i);
        }
        out.extend_from_slice(&n.to_be_bytes()[1..chunk.len()]);
    }
    out
}

#[test]
fn base64_decodes_what_it_should() {
    assert_eq!(base64("aGVsbG8="), b"hello");
    assert_eq!(base64("aGVsbG8h"), b"hello!");
    assert_eq!(base64("aGk="), b"hi");
}
