fn main() {
    let root = std::path::PathBuf::from("/work/shared/corpus/pokerkit");
    let mut recs = Vec::new();
    for code in ["NT", "FT", "PT"] {
        for e in std::fs::read_dir(root.join(code)).unwrap() {
            let t = std::fs::read_to_string(e.unwrap().path()).unwrap();
            recs.push(feltkit::phh::HandRecord::from_section(feltkit::phh::toml::parse(&t).unwrap().remove(0)).unwrap());
        }
    }
    let mut k = 0;
    for _ in 0..300 {
        for r in &recs {
            k += feltkit::phh::replay_record(r, String::new(), false).places as usize;
        }
    }
    println!("{k}");
}
