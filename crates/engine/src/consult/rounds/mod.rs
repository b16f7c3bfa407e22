//! Consult's four rounds, one file each.
pub(super) mod cross_exam;
pub(super) mod independent;
pub(super) mod synthesis;
pub(super) mod verdict;
