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
