//! Puzzle file formats: detection, parsers with positioned errors, and writers.
