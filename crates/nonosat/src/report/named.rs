//! Records write the library's enums (method, outcome, class, stop, step kind) by the names their
//! `name()` gives, so that each enum has one table of names, shared by text and JSON.

use serde::{Serialize, Serializer};

use crate::explain::{Class, StepKind, Stop};
use crate::methods::compare::{Method, Outcome};

/// Implements `Serialize` for enums with a `name(self) -> &'static str`, as that name.
macro_rules! serialize_by_name {
    ($($enum:ty),*) => {$(
        impl Serialize for $enum {
            fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
                serializer.serialize_str(self.name())
            }
        }
    )*};
}

serialize_by_name!(Method, Outcome, Class, Stop, StepKind);

#[cfg(test)]
mod tests {
    use super::*;

    fn json(value: impl Serialize) -> String {
        serde_json::to_string(&value).unwrap()
    }

    #[test]
    fn enums_are_written_by_their_names() {
        assert_eq!(json(Method::KoikeProbing), "\"koike-probing\"");
        assert_eq!(json(Class::NeedsProbing), "\"needs probing\"");
        assert_eq!(json(Stop::OutOfTime), "\"out of time\"");
        assert_eq!(json(Outcome::Contradiction), "\"contradiction\"");
        assert_eq!(json(StepKind::Probe), "\"probe\"");
    }
}
