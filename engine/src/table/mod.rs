//! Pure geometry of the table in the table frame (DESIGN.md: origin at the centre of the
//! bed surface, +x toward the foot cushion, +y to the left seen from the head end, +z
//! up; metres): bed, cushions, rails, spots, strings, diamonds, balk lines.

pub mod aim;
mod geometry;

pub use geometry::TableGeometry;
