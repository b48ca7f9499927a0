use std::time::Instant;
fn main() {
    let root = std::path::PathBuf::from("/work/shared/corpus/pokerkit");
    let mut text = String::new();
    let mut n = 0;
    for code in ["NT", "FT", "PT"] {
        for e in std::fs::read_dir(root.join(code)).unwrap() {
            n += 1;
            text.push_str(&format!("[{n}]\n"));
            text.push_str(&std::fs::read_to_string(e.unwrap().path()).unwrap());
        }
    }
    for _ in 0..3 {
        let t = Instant::now();
        let secs = feltkit::phh::toml::parse(&text).unwrap();
        let t1 = t.elapsed();
        let recs: Vec<_> = secs.into_iter().skip(1).map(|s| feltkit::phh::HandRecord::from_section(s).unwrap()).collect();
        let t2 = t.elapsed();
        let reps: Vec<_> = recs.iter().map(|r| feltkit::phh::replay_record(r, "x".into(), false)).collect();
        let t3 = t.elapsed();
        let reps2: Vec<_> = recs.iter().map(|r| feltkit::phh::replay_record(r, "x".into(), true)).collect();
        let t4 = t.elapsed();
        println!("parse {:?} record {:?} replay {:?} replay+check {:?} ({} {})", t1, t2 - t1, t3 - t2, t4 - t3, reps.len(), reps2.len());
    }
}
