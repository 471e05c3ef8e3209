//! Who is on the other end of the connection. `X-Forwarded-For` is a header any client can write,
//! so it is believed only when the peer is one of our own proxies (`TRIBUNE_TRUSTED_PROXIES`);
//! login throttling and the `ip` in every event's metadata both ask `client_ip`.

use std::net::{IpAddr, Ipv4Addr, SocketAddr};
use std::str::FromStr;

use actix_web::{web, HttpRequest};

use crate::state::AppState;

/// One network: an address with a prefix length (`10.0.0.0/8`, `::1/128`); a bare address is a
/// network of one.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Network {
    address: IpAddr,
    prefix: u8,
}

impl Network {
    pub fn contains(&self, ip: IpAddr) -> bool {
        match (self.address, canonical(ip)) {
            (IpAddr::V4(net), IpAddr::V4(ip)) => {
                let mask = u32::MAX
                    .checked_shl(32 - u32::from(self.prefix))
                    .unwrap_or(0);
                u32::from(net) & mask == u32::from(ip) & mask
            }
            (IpAddr::V6(net), IpAddr::V6(ip)) => {
                let mask = u128::MAX
                    .checked_shl(128 - u32::from(self.prefix))
                    .unwrap_or(0);
                u128::from(net) & mask == u128::from(ip) & mask
            }
            _ => false,
        }
    }
}

impl FromStr for Network {
    type Err = String;
    fn from_str(text: &str) -> Result<Network, String> {
        let text = text.trim();
        let (address, prefix) = match text.split_once('/') {
            Some((address, prefix)) => (address, Some(prefix)),
            None => (text, None),
        };
        let address = canonical(
            address
                .parse::<IpAddr>()
                .map_err(|_| format!("'{text}' is not an IP address or CIDR network"))?,
        );
        let max = if address.is_ipv4() { 32 } else { 128 };
        let prefix = match prefix {
            None => max,
            Some(p) => p
                .parse::<u8>()
                .ok()
                .filter(|p| *p <= max)
                .ok_or_else(|| format!("'{text}': the prefix length must be 0..={max}"))?,
        };
        Ok(Network { address, prefix })
    }
}

/// The proxies whose `X-Forwarded-For` is believed. Empty (the default): none, the peer address
/// is the client.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct TrustedProxies(Vec<Network>);

impl TrustedProxies {
    pub fn none() -> TrustedProxies {
        TrustedProxies::default()
    }

    pub fn contains(&self, ip: IpAddr) -> bool {
        self.0.iter().any(|net| net.contains(ip))
    }

    /// The client behind `peer`: the peer itself unless it is a trusted proxy; then the right-most
    /// `X-Forwarded-For` entry that is not a trusted proxy (everything to its left was written by
    /// someone we do not trust). An entry that is not an address ends the walk at the last proxy.
    pub fn client_of<'a>(
        &self,
        peer: IpAddr,
        forwarded_for: impl Iterator<Item = &'a str>,
    ) -> IpAddr {
        let mut client = canonical(peer);
        if !self.contains(client) {
            return client;
        }
        let hops: Vec<&str> = forwarded_for.flat_map(|h| h.split(',')).collect();
        for hop in hops.into_iter().rev() {
            let Some(ip) = parse_hop(hop) else {
                return client;
            };
            client = ip;
            if !self.contains(ip) {
                return ip;
            }
        }
        client
    }
}

impl FromStr for TrustedProxies {
    type Err = String;
    /// Comma-separated addresses and CIDR networks: `10.0.0.1, 192.168.0.0/16, ::1`.
    fn from_str(text: &str) -> Result<TrustedProxies, String> {
        text.split(',')
            .filter(|part| !part.trim().is_empty())
            .map(Network::from_str)
            .collect::<Result<Vec<_>, _>>()
            .map(TrustedProxies)
    }
}

/// `1.2.3.4`, `1.2.3.4:5678`, `2001:db8::1` or `[2001:db8::1]:5678`.
fn parse_hop(hop: &str) -> Option<IpAddr> {
    let hop = hop.trim();
    hop.parse::<IpAddr>()
        .ok()
        .or_else(|| hop.parse::<SocketAddr>().ok().map(|s| s.ip()))
        .map(canonical)
}

/// An IPv4 address seen through an IPv6 socket (`::ffff:1.2.3.4`) is that IPv4 address.
fn canonical(ip: IpAddr) -> IpAddr {
    match ip {
        IpAddr::V6(v6) => v6
            .to_ipv4_mapped()
            .map(IpAddr::V4)
            .unwrap_or(IpAddr::V6(v6)),
        v4 => v4,
    }
}

/// The client's address as login throttling and event metadata record it.
pub fn client_ip(req: &HttpRequest) -> String {
    let peer = req
        .peer_addr()
        .map(|a| a.ip())
        .unwrap_or(IpAddr::V4(Ipv4Addr::UNSPECIFIED));
    let forwarded = req
        .headers()
        .get_all("x-forwarded-for")
        .filter_map(|v| v.to_str().ok());
    match req.app_data::<web::Data<AppState>>() {
        Some(state) => state.settings.trusted_proxies.client_of(peer, forwarded),
        None => canonical(peer),
    }
    .to_string()
}

#[cfg(test)]
mod tests {
    use std::net::Ipv6Addr;

    use super::*;

    fn proxies(text: &str) -> TrustedProxies {
        text.parse().unwrap_or_else(|e| panic!("{e}"))
    }

    fn ip(text: &str) -> IpAddr {
        text.parse().unwrap_or(IpAddr::V6(Ipv6Addr::UNSPECIFIED))
    }

    #[test]
    fn without_trusted_proxies_the_peer_is_the_client_whatever_the_header_says() {
        let none = TrustedProxies::none();
        assert_eq!(
            none.client_of(ip("203.0.113.9"), ["1.1.1.1"].into_iter()),
            ip("203.0.113.9")
        );
    }

    #[test]
    fn behind_a_trusted_proxy_the_right_most_untrusted_hop_is_the_client() {
        let trusted = proxies("10.0.0.0/8, 192.168.1.1");
        // The client forged "1.1.1.1"; our proxies appended the real address and each other.
        assert_eq!(
            trusted.client_of(
                ip("10.0.0.2"),
                ["1.1.1.1, 198.51.100.7", "192.168.1.1"].into_iter()
            ),
            ip("198.51.100.7")
        );
        assert_eq!(
            trusted.client_of(ip("10.1.2.3"), ["198.51.100.7:4711"].into_iter()),
            ip("198.51.100.7")
        );
        // No header: the proxy itself.
        assert_eq!(
            trusted.client_of(ip("10.1.2.3"), std::iter::empty()),
            ip("10.1.2.3")
        );
        // Garbage ends the walk at the last hop we could believe.
        assert_eq!(
            trusted.client_of(ip("10.1.2.3"), ["nonsense, 10.9.9.9"].into_iter()),
            ip("10.9.9.9")
        );
    }

    #[test]
    fn networks_match_by_prefix_in_both_families() {
        let trusted = proxies("172.16.0.0/12,2001:db8::/32");
        assert!(trusted.contains(ip("172.31.255.1")));
        assert!(!trusted.contains(ip("172.32.0.1")));
        assert!(trusted.contains(ip("2001:db8:1::5")));
        assert!(trusted.contains(ip("::ffff:172.16.0.1")));
        assert!(!trusted.contains(ip("2001:db9::1")));
        assert!(proxies("0.0.0.0/0").contains(ip("8.8.8.8")));
        assert!(proxies("").0.is_empty());
        assert!("10.0.0.0/33".parse::<TrustedProxies>().is_err());
        assert!("proxy.example".parse::<TrustedProxies>().is_err());
    }
}
