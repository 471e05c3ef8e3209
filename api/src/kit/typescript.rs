//! The frame of a generated TypeScript file (`generated_types.rs` and each area's
//! `typescript.rs` write theirs with it).

/// The file of these declarations, each exported, under the generated-file header.
pub fn declarations(decls: &[String]) -> String {
    let mut out = String::from(
        "// Generated from the Rust types by api/src/generated_types.rs; do not edit.\n\n",
    );
    for decl in decls {
        out.push_str("export ");
        out.push_str(decl);
        out.push_str("\n\n");
    }
    out.trim_end().to_string() + "\n"
}
