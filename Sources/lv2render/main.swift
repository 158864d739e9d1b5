import LV2Host
