"""A plugin's control inputs, as `Plugin.parameters` shows them."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any, Dict, Mapping, Optional, Union

from .errors import InvalidValueError

# What a control takes: a number, True/False, or a scale point's label.
ControlValue = Union[float, int, bool, str]


@dataclass(frozen=True)
class Parameter:
    """One control input: its range, default, unit and named values (scale points); what the
    plugin does not say is None."""
    symbol: str
    name: str
    minimum: Optional[float] = None
    maximum: Optional[float] = None
    default: Optional[float] = None
    unit: Optional[str] = None
    integer: bool = False
    toggled: bool = False
    enumeration: bool = False
    logarithmic: bool = False
    designation: Optional[str] = None
    comment: Optional[str] = None
    scale_points: Dict[str, float] = field(default_factory=dict)

    @classmethod
    def from_port(cls, port: Mapping[str, Any]) -> Parameter:
        return cls(symbol=port["symbol"], name=port["name"], minimum=port.get("minimum"), maximum=port.get("maximum"),
                   default=port.get("default"), unit=port.get("unit"), integer=port["integer"], toggled=port["toggled"],
                   enumeration=port["enumeration"], logarithmic=port["logarithmic"], designation=port.get("designation"),
                   comment=port.get("comment"),
                   scale_points={point["label"]: point["value"] for point in port.get("scale_points", [])})

    def value_of(self, value: ControlValue) -> float:
        """The number for `value`: a number as it is, True/False as 1/0, or a scale point's label."""
        if isinstance(value, str):
            if value in self.scale_points:
                return self.scale_points[value]
            labels = f"its labels are {', '.join(self.scale_points)}" if self.scale_points else "it has no labelled values"
            raise InvalidValueError(f"The port {self.symbol} has no value labelled {value!r}; {labels}.")
        try:
            return float(value)
        except (TypeError, ValueError):
            raise TypeError(f"The value for {self.symbol} is a number or a label, not {type(value).__name__} {value!r}.") from None
