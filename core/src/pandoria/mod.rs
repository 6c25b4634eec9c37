use serde::{Serialize,Deserialize}; use crate::game::*; 
#[derive(Clone,Debug,Serialize,Deserialize)] pub struct Pandoria;
