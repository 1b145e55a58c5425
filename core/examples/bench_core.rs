//! Times the hot rules: `cargo run --release -p brokerdesk-core --example bench_core`.
//! Prints nanoseconds per call; figures, not assertions.

use std::hint::black_box;
use std::time::Instant;

use brokerdesk_core::{format, menu, query_crypto, routes, validate};

fn time(name: &str, iterations: u32, mut call: impl FnMut()) {
    for _ in 0..iterations / 10 {
        call();
    }
    let start = Instant::now();
    for _ in 0..iterations {
        call();
    }
    let per_call = start.elapsed().as_nanos() as f64 / f64::from(iterations);
    println!("{name:<36} {per_call:>10.1} ns/call");
}

fn main() {
    const KEY: &str = "brokerdesk-key16";
    const IV: &str = "brokerdesk-iv-16";
    let hex = query_crypto::encrypt_value("id=42&title=滨江花园", KEY, IV).unwrap_or_default();
    let menus = menu::default_menu_tree();
    let table = routes::build_route_table(&menus);

    time("validate tel", 1_000_000, || {
        black_box(validate::tel(black_box("13812345678")).is_ok());
    });
    time("validate phoneOrLandline", 1_000_000, || {
        black_box(validate::phone_or_landline(black_box("0571-88886666")).is_ok());
    });
    time("validate idCard", 1_000_000, || {
        black_box(validate::id_card(black_box("11010519491231002X")).is_ok());
    });
    time("validate decimal0to99999999", 1_000_000, || {
        black_box(validate::decimal_0_to_99999999(black_box("12345678.90")).is_ok());
    });
    time("format thousands (2 places)", 1_000_000, || {
        black_box(format::thousands(black_box("1234567.891"), Some(2)));
    });
    time("format amount in 万", 1_000_000, || {
        black_box(format::amount(black_box("3456789.5")));
    });
    time("format phone masked", 1_000_000, || {
        black_box(format::format_phone(
            black_box("13812345678"),
            format::MaskLevel::Middle,
        ));
    });
    time("format date", 1_000_000, || {
        black_box(format::date(
            black_box(1_772_690_829_000),
            "YYYY-MM-DD HH:mm:ss",
            480,
        ));
    });
    time("relative date", 1_000_000, || {
        black_box(format::relative(
            black_box(1_772_690_829_000),
            1_772_700_000_000,
            480,
        ));
    });
    time("decrypt query value", 200_000, || {
        black_box(query_crypto::decrypt_value(black_box(&hex), KEY, IV).is_ok());
    });
    time("encrypt query value", 200_000, || {
        black_box(query_crypto::encrypt_value(black_box("id=42"), KEY, IV).is_ok());
    });
    time("build route table (default menu)", 5_000, || {
        black_box(routes::build_route_table(black_box(&menus)));
    });
    time("find route with :id", 200_000, || {
        black_box(routes::find_route(&table, black_box("/coc/hr/userInfo/12")));
    });
}
