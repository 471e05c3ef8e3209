//! A minimal SMTP server that keeps every message it takes: the mail sink of the HTTP tests and
//! the newsletter bench (which includes this file by path).

use std::sync::{Arc, Mutex};
use std::time::Duration;

use tokio::io::{AsyncBufReadExt, AsyncWriteExt, BufReader};
use tokio::net::TcpListener;

#[derive(Debug, Clone)]
pub struct ReceivedMail {
    pub to: Vec<String>,
    pub data: String,
}

impl ReceivedMail {
    /// The first link in the mail that starts with `prefix`, quoted-printable soft breaks undone.
    pub fn link(&self, prefix: &str) -> Option<String> {
        let body = self.data.replace("=\r\n", "").replace("=3D", "=");
        let start = body.find(prefix)?;
        let rest = &body[start..];
        let end = rest
            .find(|c: char| c.is_whitespace() || c == '"' || c == '<')
            .unwrap_or(rest.len());
        Some(rest[..end].to_string())
    }

    /// The mail's text with quoted-printable undone (soft breaks and `=XX` bytes), as a mail
    /// program shows it.
    pub fn text(&self) -> String {
        let joined = self.data.replace("=\r\n", "");
        let bytes = joined.as_bytes();
        let mut out = Vec::with_capacity(bytes.len());
        let mut i = 0;
        while i < bytes.len() {
            let hex = |b: u8| (b as char).to_digit(16);
            if bytes[i] == b'=' && i + 2 < bytes.len() {
                if let (Some(high), Some(low)) = (hex(bytes[i + 1]), hex(bytes[i + 2])) {
                    out.push(u8::try_from(high * 16 + low).unwrap_or(b'?'));
                    i += 3;
                    continue;
                }
            }
            out.push(bytes[i]);
            i += 1;
        }
        String::from_utf8_lossy(&out).into_owned()
    }

    /// The attachments of the mail: (file name, content type, decoded bytes), read from each
    /// MIME part with a `filename="…"` (lettre sends an attachment base64-encoded).
    pub fn attachments(&self) -> Vec<(String, String, Vec<u8>)> {
        use base64::Engine;
        let mut found = Vec::new();
        let mut rest = self.data.as_str();
        while let Some(at) = rest.find("filename=\"") {
            // The part's headers: from the boundary line before the file name to the blank line.
            let head_start = rest[..at].rfind("\r\n--").unwrap_or(0);
            let Some(blank) = rest[at..].find("\r\n\r\n") else {
                break;
            };
            let headers = &rest[head_start..at + blank];
            let name_start = at + "filename=\"".len();
            let name_end = rest[name_start..]
                .find('"')
                .map_or(name_start, |e| name_start + e);
            let name = rest[name_start..name_end].to_string();
            let content_type = headers
                .lines()
                .find_map(|l| l.strip_prefix("Content-Type: "))
                .unwrap_or_default()
                .to_string();
            let body_start = at + blank + 4;
            let body_end = rest[body_start..]
                .find("\r\n--")
                .map_or(rest.len(), |e| body_start + e);
            let encoded: String = rest[body_start..body_end]
                .chars()
                .filter(|c| !c.is_whitespace())
                .collect();
            let bytes = base64::engine::general_purpose::STANDARD
                .decode(encoded.as_bytes())
                .unwrap_or_default();
            found.push((name, content_type, bytes));
            rest = &rest[body_end..];
        }
        found
    }
}

/// A minimal SMTP server that accepts every message: the mail sink of the HTTP tests.
#[derive(Clone, Default)]
pub struct SmtpSink {
    pub mails: Arc<Mutex<Vec<ReceivedMail>>>,
    /// Once this many mails arrived, every further one is refused (451): a mail server that goes
    /// down in the middle of a send. None: it takes everything.
    pub refuse_after: Arc<Mutex<Option<usize>>>,
}

impl SmtpSink {
    pub async fn start_on(listener: TcpListener) -> SmtpSink {
        let sink = SmtpSink::default();
        let mails = sink.mails.clone();
        let refuse_after = sink.refuse_after.clone();
        tokio::spawn(async move {
            while let Ok((stream, _)) = listener.accept().await {
                let mails = mails.clone();
                let refuse_after = refuse_after.clone();
                tokio::spawn(async move {
                    let (read, mut write) = stream.into_split();
                    let mut lines = BufReader::new(read).lines();
                    let _ = write.write_all(b"220 sink ESMTP\r\n").await;
                    let mut to = Vec::new();
                    while let Ok(Some(line)) = lines.next_line().await {
                        let upper = line.to_uppercase();
                        let down = || {
                            let limit = *refuse_after.lock().expect("lock");
                            limit.is_some_and(|n| mails.lock().expect("lock").len() >= n)
                        };
                        let reply: &[u8] = if upper.starts_with("EHLO") || upper.starts_with("HELO")
                        {
                            b"250 sink\r\n"
                        } else if upper.starts_with("MAIL FROM:") && down() {
                            b"451 4.3.2 down for maintenance\r\n"
                        } else if upper.starts_with("RCPT TO:") {
                            to.push(
                                line[8..]
                                    .trim()
                                    .trim_matches(|c| c == '<' || c == '>')
                                    .to_string(),
                            );
                            b"250 OK\r\n"
                        } else if upper.starts_with("DATA") {
                            let _ = write.write_all(b"354 go on\r\n").await;
                            let mut data = String::new();
                            while let Ok(Some(l)) = lines.next_line().await {
                                if l == "." {
                                    break;
                                }
                                data.push_str(&l);
                                data.push_str("\r\n");
                            }
                            if let Ok(mut m) = mails.lock() {
                                m.push(ReceivedMail {
                                    to: std::mem::take(&mut to),
                                    data,
                                });
                            }
                            b"250 queued\r\n"
                        } else if upper.starts_with("QUIT") {
                            let _ = write.write_all(b"221 bye\r\n").await;
                            break;
                        } else {
                            b"250 OK\r\n"
                        };
                        if write.write_all(reply).await.is_err() {
                            break;
                        }
                    }
                });
            }
        });
        sink
    }

    /// Waits up to 15 s for a mail to `to`.
    pub async fn wait_for(&self, to: &str) -> ReceivedMail {
        for _ in 0..150 {
            if let Some(mail) = self
                .mails
                .lock()
                .expect("lock")
                .iter()
                .rev()
                .find(|m| m.to.iter().any(|t| t == to))
            {
                return mail.clone();
            }
            tokio::time::sleep(Duration::from_millis(100)).await;
        }
        panic!("no mail to {to} arrived");
    }

    /// The mail server refuses every mail after `n` in all (None: takes them all again).
    pub fn refuse_after(&self, n: Option<usize>) {
        *self.refuse_after.lock().expect("lock") = n;
    }

    pub fn count(&self) -> usize {
        self.mails.lock().expect("lock").len()
    }

    pub fn count_to(&self, to: &str) -> usize {
        self.mails
            .lock()
            .expect("lock")
            .iter()
            .filter(|m| m.to.iter().any(|t| t == to))
            .count()
    }
}
