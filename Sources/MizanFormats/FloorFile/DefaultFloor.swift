import MizanSim
/// The floor `mizan run` uses when given no file: a checkout line of 20 tills
/// 2 m apart with a stream of payers, for 10 virtual minutes. The same text is
/// `examples/checkout-line.json`, and a test keeps the two equal.
public enum DefaultFloor {
    public static let name = "embedded default floor"

    public static let json = """
    {
      "name": "checkout line",
      "minutes": 10,
      "area": { "width": 40, "depth": 12 },
      "tills": { "row": { "count": 20, "spacing": 2, "height": 1.0 }, "countdownSeconds": 60 },
      "payers": {
        "arrivals": "poisson",
        "meanGapSeconds": 20,
        "reviewSeconds": [1, 4],
        "confirmProbability": 0.97,
        "standX": [-0.3, 0.3],
        "standY": [0.3, 1.0],
        "attempts": 2,
        "currency": "EUR",
        "amountMinorUnits": [100, 20000]
      },
      "operators": { "lockDelaySeconds": 2, "pickSeconds": [0.5, 2], "successProbability": 0.98 },
      "phones": { "rssiOffsetSigma": 4, "carriage": "hand", "selection": { "name": "mean", "window": 1 } },
      "radio": { "advertising": "signal", "sensitivity": -95, "bystanderEventsPerSecond": 0 }
    }

    """

    public static func plan() throws(JSONFileError) -> FloorPlan {
        try FloorFile.parse(json, file: name)
    }
}
