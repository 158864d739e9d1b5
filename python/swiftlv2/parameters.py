"""A plugin's control inputs, as `Plugin.parameters` shows them."""

from dataclasses import dataclass, field


@dataclass(frozen=True)
class Parameter:
    """One control input: its range, default, unit and named values (scale points)."""
    symbol: str
    name: str
    minimum: float = None
    maximum: float = None
    default: float = None
    unit: str = None
    integer: bool = False
    toggled: bool = False
    enumeration: bool = False
    logarithmic: bool = False
    designation: str = None
    comment: str = None
    scale_points: dict = field(default_factory=dict)

    @classmethod
    def from_port(cls, port):
        return cls(symbol=port["symbol"], name=port["name"], minimum=port.get("minimum"), maximum=port.get("maximum"),
                   default=port.get("default"), unit=port.get("unit"), integer=port["integer"], toggled=port["toggled"],
                   enumeration=port["enumeration"], logarithmic=port["logarithmic"], designation=port.get("designation"),
                   comment=port.get("comment"),
                   scale_points={point["label"]: point["value"] for point in port.get("scale_points", [])})
