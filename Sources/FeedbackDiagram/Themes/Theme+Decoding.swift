extension Theme {
  /// Reads a theme; the coverage and trace colours (`uncovered`, `uncoveredFill`,
  /// `undeclared`, `path`, `failure`) are optional, so theme files written before they
  /// existed still load, with the light theme's colours for them.
  public init(from decoder: any Decoder) throws {
    let c = try decoder.container(keyedBy: CodingKeys.self)
    self.init(
      background: try c.decode(String.self, forKey: .background),
      fontName: try c.decode(String.self, forKey: .fontName),
      fontSize: try c.decode(Double.self, forKey: .fontSize), text: try c.decode(String.self, forKey: .text),
      muted: try c.decode(String.self, forKey: .muted), stateFill: try c.decode(String.self, forKey: .stateFill),
      stateBorder: try c.decode(String.self, forKey: .stateBorder),
      initial: try c.decode(String.self, forKey: .initial),
      edge: try c.decode(String.self, forKey: .edge), wildcard: try c.decode(String.self, forKey: .wildcard),
      guardColor: try c.decode(String.self, forKey: .guardColor),
      feedbackFill: try c.decode(String.self, forKey: .feedbackFill),
      feedbackBorder: try c.decode(String.self, forKey: .feedbackBorder),
      reducerFill: try c.decode(String.self, forKey: .reducerFill),
      reducerBorder: try c.decode(String.self, forKey: .reducerBorder),
      legendFill: try c.decode(String.self, forKey: .legendFill),
      legendBorder: try c.decode(String.self, forKey: .legendBorder))
    if let value = try c.decodeIfPresent(String.self, forKey: .uncovered) { uncovered = value }
    if let value = try c.decodeIfPresent(String.self, forKey: .uncoveredFill) { uncoveredFill = value }
    if let value = try c.decodeIfPresent(String.self, forKey: .undeclared) { undeclared = value }
    if let value = try c.decodeIfPresent(String.self, forKey: .path) { path = value }
    if let value = try c.decodeIfPresent(String.self, forKey: .failure) { failure = value }
  }
}
