//! tiles.

use super::*;

/// Three PNG pictures in, one JSON record out: its tiles and layouts rebuild every input pixel,
/// and the drawings are written.
#[test]
fn tiles_from_png_pictures_rebuild_every_pixel() {
    use nonosat::image::{Raster, Rgb};
    let (red, green, blue, white) = (
        Rgb(255, 0, 0),
        Rgb(0, 160, 0),
        Rgb(0, 0, 255),
        Rgb(255, 255, 255),
    );
    let pictures = [
        [red, red, green, white, white, blue],
        [green, blue, blue, red, white, white],
        [white, red, blue, green, green, red],
    ];
    let dir = std::env::temp_dir().join(format!("nonosat-cli-{}-tiles", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let mut paths = Vec::new();
    for (index, cells) in pictures.iter().enumerate() {
        let mut raster = Raster::filled(3, 2, white).unwrap();
        for (cell, &colour) in cells.iter().enumerate() {
            raster.set(cell % 3, cell / 3, colour);
        }
        let path = dir.join(format!("g{}.png", index + 1));
        std::fs::write(&path, raster.to_png()).unwrap();
        paths.push(path.to_str().unwrap().to_owned());
    }
    let out = dir.join("out");
    let mut args = vec!["tiles", "--json", "--out", out.to_str().unwrap()];
    args.extend(paths.iter().map(String::as_str));
    let (code, stdout, stderr) = run(&args, None);
    assert_eq!(code, 0, "{stderr}");
    let record: Value = serde_json::from_str(&stdout).unwrap();
    assert_eq!(record["exists"], true);
    assert_eq!(record["method"], "formula");
    assert_eq!(record["cells"], 6);
    let palette: Vec<String> = record["palette"]
        .as_array()
        .unwrap()
        .iter()
        .map(|entry| entry[1].as_str().unwrap().to_owned())
        .collect();
    let tiles = record["tiles"].as_array().unwrap();
    assert_eq!(tiles.len(), 6);
    for (picture, cells) in pictures.iter().enumerate() {
        let layout = record["layouts"][picture].as_array().unwrap();
        let mut used = BTreeSet::new();
        for (cell, placement) in layout.iter().enumerate() {
            let tile = placement[0].as_u64().unwrap() as usize;
            assert!(
                used.insert(tile),
                "tile {tile} used twice in picture {picture}"
            );
            let side = placement[1].as_str().unwrap();
            let shown = tiles[tile][side].as_u64().unwrap() as usize;
            assert_eq!(
                palette[shown],
                cells[cell].hex(),
                "picture {picture} cell {cell}"
            );
            let front_up = tiles[tile]["front_pictures"]
                .as_array()
                .unwrap()
                .contains(&Value::from(picture + 1));
            assert_eq!(front_up, side == "front");
        }
    }
    for name in ["tiles.png", "tiles.svg", "picture-3.png", "tiles.txt"] {
        assert!(out.join(name).exists(), "{name} written");
    }
    std::fs::remove_dir_all(&dir).unwrap();
}

/// Text grids with a legend; pictures of different sizes are refused with where.
#[test]
fn tiles_from_text_grids_recolour_when_needed_and_refuse_bad_input() {
    let legend = Temp::new(
        "tiles-legend.txt",
        "a #ff0000\nb #ee1100\nc #00ff00\nd #0000ff\n",
    );
    let g1 = Temp::new("tiles-g1.txt", "ab\n");
    let g2 = Temp::new("tiles-g2.txt", "cc\n");
    let g3 = Temp::new("tiles-g3.txt", "dd\n");
    let (code, stdout, stderr) = run(
        &[
            "tiles",
            "--legend",
            legend.path(),
            g1.path(),
            g2.path(),
            g3.path(),
        ],
        None,
    );
    assert_eq!(code, 3, "recoloured: {stdout}{stderr}");
    assert!(stdout.contains("tiles exist: no"), "{stdout}");
    assert!(stdout.contains("Algorithm 1 (paper)"), "{stdout}");
    let wide = Temp::new("tiles-wide.txt", "abc\n");
    let (code, _, stderr) = run(&["tiles", g1.path(), wide.path()], None);
    assert_eq!(code, 2);
    assert!(
        stderr.contains(&format!(
            "{}: is 3x1, but {} is 2x1",
            wide.path(),
            g1.path()
        )),
        "{stderr}"
    );
}
